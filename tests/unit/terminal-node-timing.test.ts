import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const terminal = (env: Record<string, string>) =>
  loadConfig({ PORT: '0', WATCHFLOOR_DATA: 'memory://', ...env }).terminal;

/** TERMINAL_HEARTBEAT_SECONDS and TERMINAL_NODE_TIMEOUT_SECONDS: how live terminals' processes find each other dead. */
describe('terminal relay heartbeat and node time-out settings', () => {
  it('beat every 10 s and take a process for dead after 30 s unless set', () => {
    expect(terminal({})).toMatchObject({ heartbeatSeconds: 10, nodeTimeoutSeconds: 30 });
  });

  it('take the values set', () => {
    expect(terminal({ TERMINAL_HEARTBEAT_SECONDS: '1', TERMINAL_NODE_TIMEOUT_SECONDS: '3' })).toMatchObject({
      heartbeatSeconds: 1,
      nodeTimeoutSeconds: 3,
    });
  });

  it('refuse a time-out shorter than two heartbeats, and values that are not whole seconds', () => {
    expect(() => terminal({ TERMINAL_HEARTBEAT_SECONDS: '20' })).toThrow(
      'TERMINAL_NODE_TIMEOUT_SECONDS must be at least twice TERMINAL_HEARTBEAT_SECONDS',
    );
    expect(() => terminal({ TERMINAL_NODE_TIMEOUT_SECONDS: '0' })).toThrow(
      'TERMINAL_NODE_TIMEOUT_SECONDS must be a positive whole number',
    );
    expect(() => terminal({ TERMINAL_HEARTBEAT_SECONDS: '0.5' })).toThrow(
      'TERMINAL_HEARTBEAT_SECONDS must be a positive whole number',
    );
  });
});
