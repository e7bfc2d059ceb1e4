import type { SimulatedEndpoint } from './endpoint.ts';

/** What the endpoint's shell answers with: text for the terminal, and whether it has exited. */
export interface ShellOutput {
  output: string;
  exit: boolean;
}

const COMMANDS = ['hostname', 'whoami', 'uname', 'ps', 'ls', 'pwd', 'ipconfig', 'ifconfig', 'help', 'exit'];

/**
 * A restricted shell over the simulated endpoint: a few read-only commands that describe it
 * (nothing runs, nothing changes), with line editing as a terminal expects (echo, backspace,
 * Ctrl-C, Ctrl-D). Anything else is "command not found".
 */
export class RestrictedShell {
  private line = '';

  constructor(private readonly endpoint: SimulatedEndpoint) {}

  private get windows() {
    return this.endpoint.profile.family === 'windows';
  }

  prompt(): string {
    return this.windows ? 'C:\\Users\\svc_watchfloor> ' : `svc_watchfloor@${this.endpoint.hostName}:~$ `;
  }

  banner(): string {
    return `Watchfloor restricted shell on ${this.endpoint.hostName} (${this.endpoint.profile.platform}). Type help.\r\n${this.prompt()}`;
  }

  /** Keystrokes in, what the terminal shows out. */
  feed(data: string): ShellOutput {
    let output = '';
    for (const char of data) {
      if (char === '\r' || char === '\n') {
        const command = this.line.trim();
        this.line = '';
        output += '\r\n';
        if (command === 'exit' || command === 'logout') return { output: `${output}logout\r\n`, exit: true };
        output += this.run(command) + this.prompt();
      } else if (char === '\x7f' || char === '\b') {
        if (this.line.length > 0) {
          this.line = this.line.slice(0, -1);
          output += '\b \b';
        }
      } else if (char === '\x03') {
        this.line = '';
        output += `^C\r\n${this.prompt()}`;
      } else if (char === '\x04') {
        if (this.line === '') return { output: `${output}logout\r\n`, exit: true };
      } else if (char >= ' ' && this.line.length < 1000) {
        this.line += char;
        output += char;
      }
    }
    return { output, exit: false };
  }

  /** One command line's answer, each line ended with CR LF. */
  run(commandLine: string): string {
    const [command = '', ...args] = commandLine.split(/\s+/).filter(Boolean);
    if (command === '') return '';
    const e = this.endpoint;
    const lines = (...text: string[]) => text.map((line) => `${line}\r\n`).join('');
    switch (command) {
      case 'help':
        return lines(`Commands: ${COMMANDS.join(', ')}. The shell reads; it changes nothing.`);
      case 'hostname':
        return lines(e.hostName);
      case 'whoami':
        return lines(this.windows ? `${e.hostName.toLowerCase()}\\svc_watchfloor` : 'svc_watchfloor');
      case 'pwd':
        return lines(this.windows ? 'C:\\Users\\svc_watchfloor' : '/home/svc_watchfloor');
      case 'uname':
        return lines(
          args.includes('-a') ? `${kernel(e)} ${e.hostName} ${e.profile.architecture}` : kernel(e),
        );
      case 'ps':
        return lines('  PID USER           COMMAND', ...PROCESSES[e.profile.family].map(processLine));
      case 'ls':
      case 'dir':
        return args[0] && args[0] !== '.' && args[0] !== '~'
          ? lines(`ls: cannot access '${args[0]}': Permission denied`)
          : lines('Documents  Downloads  watchfloor-agent.log  notes.txt');
      case 'ipconfig':
      case 'ifconfig':
        if ((command === 'ipconfig') !== this.windows) return lines(`${command}: command not found`);
        return this.windows
          ? lines(
              'Ethernet adapter Ethernet0:',
              `   IPv4 Address. . . . . : ${e.ip}`,
              '   Subnet Mask . . . . . : 255.255.0.0',
            )
          : lines(
              'eth0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500',
              `        inet ${e.ip}  netmask 255.255.0.0`,
            );
      default:
        return lines(`${command}: command not found`);
    }
  }
}

function kernel(e: SimulatedEndpoint): string {
  if (e.profile.family === 'windows') return 'Windows_NT 10.0.22631';
  if (e.profile.family === 'mac') return 'Darwin 23.4.0';
  return 'Linux 5.15.0-105-generic';
}

const PROCESSES: Record<SimulatedEndpoint['profile']['family'], [number, string, string][]> = {
  windows: [
    [4, 'SYSTEM', 'System'],
    [812, 'SYSTEM', 'services.exe'],
    [1604, 'SYSTEM', 'WatchfloorAgent.exe'],
    [5120, 'svc_watchfloor', 'explorer.exe'],
  ],
  mac: [
    [1, 'root', 'launchd'],
    [402, 'root', 'watchfloor-agent'],
    [733, 'svc_watchfloor', 'Finder'],
  ],
  linux: [
    [1, 'root', 'systemd'],
    [611, 'root', 'sshd'],
    [904, 'root', 'watchfloor-agent'],
    [1288, 'www-data', 'nginx'],
  ],
};

const processLine = ([pid, user, command]: [number, string, string]) =>
  `${String(pid).padStart(5)} ${user.padEnd(14)} ${command}`;
