import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../scripts/local-functions';

const handler = () => new Response(null);
const route = (path: string, methods?: string[]) => ({
  segments: path.split('/'),
  methods,
  handler,
});
const routes = [
  route('/api/enquiries'),
  route('/api/enquiries/:id'),
  route('/api/enquiries.csv'),
  route('/api/health', ['GET']),
];

describe('matchRoute (the `npm start` router for functions/)', () => {
  it('matches literal paths and decodes :params', () => {
    expect(matchRoute(routes, 'GET', '/api/enquiries')?.params).toEqual({});
    expect(matchRoute(routes, 'DELETE', '/api/enquiries/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoute(routes, 'GET', '/api/enquiries.csv')?.params).toEqual({});
  });

  it('matches nothing for other paths, empty or undecodable parameters, or deeper paths', () => {
    for (const path of ['/api/enquiries/', '/api/enquiries/%ZZ', '/api/enquiries/a/b', '/api']) {
      expect(matchRoute(routes, 'GET', path)).toBeUndefined();
    }
  });

  it('honours a function config’s method list', () => {
    expect(matchRoute(routes, 'GET', '/api/health')).toBeDefined();
    expect(matchRoute(routes, 'POST', '/api/health')).toBeUndefined();
  });
});
