import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** Mounts the embedded OpenID Connect provider under /idp. */
export async function mountEmbeddedIdp(_app: FastifyInstance, _config: Config, _db: Db): Promise<void> {
  throw new Error('embedded identity provider not mounted yet');
}
