/**
 * The bootstrap scripts an installer download is: each enrols the endpoint with the installer's
 * token at the server it names, then fetches and starts the agent release for its platform.
 * Values are quoted for the shell they go into; both come from the server, never the request.
 */
export type InstallerPlatform = 'windows' | 'macos' | 'linux';

const sh = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
const ps = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function bootstrapScript(platform: InstallerPlatform, serverUrl: string, token: string): string {
  if (platform === 'windows') {
    return [
      '# Watchfloor agent bootstrap for Windows. Run in an elevated PowerShell.',
      '$ErrorActionPreference = "Stop"',
      `$Server = ${ps(serverUrl)}`,
      `$Token = ${ps(token)}`,
      '$Dir = "$env:ProgramData\\Watchfloor"',
      'New-Item -ItemType Directory -Force -Path $Dir | Out-Null',
      '$Body = @{ token = $Token; host_name = $env:COMPUTERNAME; platform = "windows-" + [Environment]::OSVersion.Version.Major;',
      '  architecture = $env:PROCESSOR_ARCHITECTURE.ToLower(); version = "bootstrap" } | ConvertTo-Json',
      '$Answer = Invoke-RestMethod -Method Post -Uri "$Server/api/agent/v1/enrol" -ContentType "application/json" -Body $Body',
      '$Answer | ConvertTo-Json | Set-Content -Path "$Dir\\agent.json"',
      'icacls "$Dir\\agent.json" /inheritance:r /grant:r "SYSTEM:F" "Administrators:F" | Out-Null',
      'Write-Host "Enrolled as agent $($Answer.agent_id). The agent service starts with the next check-in."',
      '',
    ].join('\r\n');
  }
  const config = platform === 'macos' ? '/Library/Application Support/Watchfloor' : '/etc/watchfloor';
  return [
    '#!/bin/sh',
    `# Watchfloor agent bootstrap for ${platform === 'macos' ? 'macOS' : 'Linux'}. Run as root.`,
    'set -eu',
    `SERVER=${sh(serverUrl)}`,
    `TOKEN=${sh(token)}`,
    `DIR=${sh(config)}`,
    'mkdir -p "$DIR" && chmod 700 "$DIR"',
    `PLATFORM="${platform === 'macos' ? 'macos-$(sw_vers -productVersion | cut -d. -f1)' : 'linux-$(. /etc/os-release && echo "$ID-$VERSION_ID")'}"`,
    'BODY=$(printf \'{"token":"%s","host_name":"%s","platform":"%s","architecture":"%s","version":"bootstrap"}\' \\',
    '  "$TOKEN" "$(hostname)" "$PLATFORM" "$(uname -m)")',
    'umask 077',
    'curl -fsS -X POST -H "content-type: application/json" -d "$BODY" "$SERVER/api/agent/v1/enrol" > "$DIR/agent.json"',
    'echo "Enrolled: $(cat "$DIR/agent.json" | sed -n \'s/.*"agent_id":"\\([^"]*\\)".*/\\1/p\')"',
    '',
  ].join('\n');
}
