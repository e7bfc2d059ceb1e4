/** Why a message did not go: the guard refused, the host failed or answered an error, or the integration cannot send. */
export class IntegrationSendError extends Error {
  constructor(
    readonly reason: 'not_found' | 'not_validated' | 'not_outbound' | 'refused' | 'failed',
    message: string,
    /** The HTTP status the host answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}
