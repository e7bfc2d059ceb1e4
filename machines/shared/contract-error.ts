/** An error as the contract shapes it (`{ error: { code, message } }`), kept in a machine's context. */
export interface ContractError {
  code: string;
  message: string;
}

/** Reads whatever an actor threw (the API client's error, a plain Error, a string) as a ContractError. */
export function asContractError(error: unknown): ContractError {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown };
    return {
      code: typeof e.code === 'string' ? e.code : 'error',
      message: typeof e.message === 'string' ? e.message : String(error),
    };
  }
  return { code: 'error', message: String(error) };
}
