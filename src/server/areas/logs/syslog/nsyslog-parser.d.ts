/** The parts of `nsyslog-parser` (RFC 5424 and RFC 3164 messages) this area reads. */
declare module 'nsyslog-parser' {
  interface ParsedSyslog {
    type?: 'RFC5424' | 'BSD' | string;
    prival?: number;
    facility?: string;
    level?: string;
    version?: number;
    ts?: string | Date;
    host?: string;
    appName?: string;
    pid?: string;
    messageid?: string;
    message?: string;
    structuredData?: Array<Record<string, string> & { $id: string }>;
  }
  function parse(line: string): ParsedSyslog;
  export = parse;
}
