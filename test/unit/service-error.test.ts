import { describe, expect, it } from 'vitest';
import { describeServiceError, serviceError } from '../../src/http/service-error.js';

const info = { method: 'POST', path: '/projects' };

describe('describeServiceError', () => {
  it.each([
    ['a string message', 404, '{"message":"404 Project Not Found"}', 'application/json', '404 Project Not Found'],
    [
      'a message without a status',
      400,
      '{"message":"Bad request - name is invalid"}',
      'application/json',
      '400 Bad request - name is invalid',
    ],
    [
      'attribute messages',
      400,
      '{"message":{"path":["has already been taken"],"name":["is too long","is reserved"]}}',
      'application/json',
      '400 path has already been taken; name is too long, is reserved',
    ],
    [
      'nested attribute messages',
      400,
      '{"message":{"limits":{"size":["too big"]},"base":["nope"]}}',
      'application/json',
      '400 limits.size too big; base nope',
    ],
    [
      'a list of messages',
      422,
      '{"message":["first problem","second problem"]}',
      'application/json',
      '422 first problem, second problem',
    ],
    ['{"error"}', 400, '{"error":"name is missing"}', 'application/json', '400 name is missing'],
    [
      '{"error","error_description"}',
      403,
      '{"error":"insufficient_scope","error_description":"needs api","scope":"api"}',
      'application/json',
      '403 insufficient_scope: needs api',
    ],
    [
      "GraphQL's errors",
      401,
      '{"errors":[{"message":"Invalid token"},{"message":"another"}]}',
      'application/json',
      '401 Invalid token',
    ],
    ['plain text', 429, 'Retry later\n', 'text/plain', '429 Retry later'],
    ['plain text over several lines', 500, 'first line\nsecond line', 'text/plain', '500 first line'],
    [
      'HTML from a proxy',
      502,
      '<!DOCTYPE html>\n<html><head><title> 502 Bad Gateway </title></head></html>',
      'text/html',
      '502 an HTML page ("502 Bad Gateway") instead of an API response (is a proxy or login page in the way?)',
    ],
    [
      'HTML without a title',
      503,
      '<html><body>down</body></html>',
      'text/html',
      '503 an HTML page instead of an API response (is a proxy or login page in the way?)',
    ],
    ['an empty body', 409, '', undefined, '409 Conflict'],
    ['whitespace', 504, ' \n ', 'text/plain', '504 Gateway Timeout'],
    ['JSON declared but broken', 500, '{"message": "trunc', 'application/json', '500 {"message": "trunc'],
    ['a JSON string', 400, '"just a string"', 'application/json', '400 just a string'],
    ['an unknown JSON shape', 418, '{"teapot":true}', 'application/json', '418 {"teapot":true}'],
    ['a null message', 404, '{"message":null}', 'application/json', '404 Not Found'],
    ['an unknown status, empty', 599, '', undefined, '599 error'],
  ])('reads %s', (_name, status, body, type, expected) => {
    expect(describeServiceError(status, body, type)).toBe(expected);
  });

  it('keeps a long line to one shortened line', () => {
    const text = describeServiceError(500, 'x'.repeat(1000), 'text/plain');
    expect(text.length).toBeLessThan(320);
    expect(text).not.toContain('\n');
  });

  it('keeps a long JSON message as short as a long line', () => {
    const text = describeServiceError(500, JSON.stringify({ message: 'x'.repeat(5_000_000) }), 'application/json');
    expect(text.length).toBeLessThan(320);
    expect(text).toMatch(/^500 x+…$/);
  });
});

describe('serviceError', () => {
  it.each([
    [400, 'rejected'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not-found'],
    [405, 'rejected'],
    [409, 'rejected'],
    [422, 'rejected'],
    [429, 'server'],
    [500, 'server'],
    [503, 'server'],
  ])('maps %i to %s', (status, kind) => {
    const error = serviceError(status, '{"message":"x"}', 'application/json', info);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.request).toEqual(info);
  });

  it('hints at logging in on a 401 only', () => {
    expect(serviceError(401, '', undefined, info).hint).toMatch(/collab auth login/);
    expect(serviceError(403, '', undefined, info).hint).toBeUndefined();
  });
});
