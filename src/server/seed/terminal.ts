import { and, asc, eq } from 'drizzle-orm';
import { agents, terminalCertificates, terminalSessions } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';

const DAY = 86_400_000;
const COLS = 120;
const ROWS = 32;

/** What the administrator typed and was shown, with the seconds into the session each came. */
const SESSION: [number, 'i' | 'o', string][] = [
  [0.4, 'o', 'Watchfloor terminal on {host}\r\n{host}:~$ '],
  [2.1, 'i', 'uptime\r'],
  [2.2, 'o', 'uptime\r\n 09:14:02 up 12 days,  3:41,  1 user,  load average: 0.31, 0.27, 0.22\r\n{host}:~$ '],
  [5.8, 'i', 'systemctl status --no-pager watchfloor-agent\r'],
  [
    5.9,
    'o',
    'systemctl status --no-pager watchfloor-agent\r\n\u001b[32m●\u001b[0m watchfloor-agent.service - Watchfloor agent\r\n     Loaded: loaded (/lib/systemd/system/watchfloor-agent.service; enabled)\r\n     Active: \u001b[32mactive (running)\u001b[0m since 12 days ago\r\n{host}:~$ ',
  ],
  [11.3, 'i', 'last -n 3\r'],
  [
    11.4,
    'o',
    'last -n 3\r\nadmin    pts/0        10.20.1.15       Mon 08:02 - 08:40  (00:38)\r\nadmin    pts/0        10.20.1.15       Fri 16:11 - 16:19  (00:08)\r\nreboot   system boot  6.1.0-18-amd64   Sun 05:33   still running\r\n{host}:~$ ',
  ],
  [16.0, 'i', 'exit\r'],
  [16.1, 'o', 'exit\r\nlogout\r\n'],
];

/** The asciicast v2 text the relay writes when a session ends (areas/terminal/recording.ts). */
function recordingOf(host: string, email: string, startedAt: Date): string {
  const header = JSON.stringify({
    version: 2,
    width: COLS,
    height: ROWS,
    timestamp: Math.floor(startedAt.getTime() / 1000),
    title: `${host} (${email})`,
    env: { TERM: 'xterm-256color' },
  });
  const events = SESSION.map(([seconds, code, data]) =>
    JSON.stringify([seconds, code, data.replaceAll('{host}', host)]),
  );
  return `${[header, ...events].join('\n')}\n`;
}

/**
 * One past terminal session of the provider's administrator on an agent of the first customer
 * that allows the terminal, with its recording: the certificate it was opened with (granted for a
 * week and since expired, its secret never kept) and the session that ended when they typed exit.
 * Nothing when that customer has no such agent.
 */
export async function seedTerminalRecording(
  db: Db,
  partnerId: string,
  customerId: string,
  admin: { contactId: string; email: string },
  now: number,
): Promise<number> {
  const [agent] = await db
    .select({ agentId: agents.agentId, hostName: agents.hostName })
    .from(agents)
    .where(and(eq(agents.customerId, customerId), eq(agents.terminalEnabled, true)))
    .orderBy(asc(agents.hostName))
    .limit(1);
  if (!agent) return 0;
  const granted = new Date(now - 9 * DAY);
  const [certificate] = await db
    .insert(terminalCertificates)
    .values({
      customerId,
      contactId: admin.contactId,
      email: admin.email,
      secretHash: hashSecret(newSecret()),
      expiresAt: new Date(granted.getTime() + 7 * DAY),
      grantedBy: admin.contactId,
      createdAt: granted,
    })
    .returning({ certificateId: terminalCertificates.certificateId });
  const startedAt = new Date(now - 8 * DAY);
  const recording = recordingOf(agent.hostName, admin.email, startedAt);
  await db.insert(terminalSessions).values({
    partnerId,
    customerId,
    agentId: agent.agentId,
    hostName: agent.hostName,
    contactId: admin.contactId,
    email: admin.email,
    certificateId: certificate!.certificateId,
    cols: COLS,
    rows: ROWS,
    startedAt,
    endedAt: new Date(startedAt.getTime() + 17_000),
    endReason: 'agent',
    recording,
    recordingBytes: Buffer.byteLength(recording),
  });
  return 1;
}
