import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { findSource, listedSources, sourceMappings } from './sources.ts';

export const listLogSources: Handler<'listLogSources'> = async () => ({ sources: listedSources() });

export const getLogSource: Handler<'getLogSource'> = async (request) => {
  const source = findSource(request.params.id);
  if (!source) throw notFound(`Source ${request.params.id}`);
  return source;
};

export const getLogSourceMappings: Handler<'getLogSourceMappings'> = async (request) => {
  const source = findSource(request.params.id);
  if (!source) throw notFound(`Source ${request.params.id}`);
  return { id: source.id, mappings: sourceMappings(source.id) };
};
