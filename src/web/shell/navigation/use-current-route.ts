import { useMemo } from 'react';
import { useLocation, useRouter } from 'wouter';
import { type MatchedRoute, matchLocation } from './route-match.ts';

/** The route table entry of the current address. */
export function useCurrentRoute(): MatchedRoute {
  const [location] = useLocation();
  const { parser } = useRouter();
  return useMemo(() => matchLocation(parser, location), [parser, location]);
}
