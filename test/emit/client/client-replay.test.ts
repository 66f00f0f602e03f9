import { describe, expect, it } from 'vitest';
import { createClient, FwHttpError } from '../../../fixtures/json-oracle/web/client';

/**
 * Answers recorded from a public API that is not fwhttp (GitHub's REST API),
 * replayed through the generated client with a mocked fetch: a declared
 * error status gives the typed error result with whatever of message/code
 * is there, the other keys and the raw text; an undeclared one an
 * FwHttpError; a 204 no body. Never an FwResponseValidationError.
 *
 * Recorded bodies: the 404 of GET /repos/{owner}/{repo}/releases/latest on a
 * repository without releases (github/rest-api-description#3726), the 401
 * of a bad token and the 422 of POST /repos/{owner}/{repo}/issues without a
 * title in the form docs.github.com documents them, and the
 * empty 204 of PUT /user/starred/{owner}/{repo}.
 */

const RECORDED = {
  notFound: '{"message":"Not Found","documentation_url":"https://docs.github.com/rest/releases/releases#get-the-latest-release","status":"404"}',
  badCredentials: '{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}',
  validationFailed:
    '{"message":"Validation Failed","errors":[{"resource":"Issue","code":"missing_field","field":"title"}],"documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"422"}',
};

/** A client whose fetch answers `status` with `body` (JSON content type), recording nothing. */
function replaying(status: number, body: string | null, contentType = 'application/json; charset=utf-8') {
  return createClient({
    baseUrl: 'https://api.github.com',
    fetch: async () => new Response(body, { status, headers: body === null ? {} : { 'Content-Type': contentType } }),
  });
}

describe('replayed error and 204 answers of a public API (mocked fetch)', () => {
  it('a recorded 404 on a declared 404:Error: the typed error result, unknown keys and raw text kept, no code', async () => {
    const result = await replaying(404, RECORDED.notFound).root.foreignErrors({ path: { kind: 'x' } });
    expect(result.status).toBe(404);
    if (result.status !== 404) throw new Error('unreachable');
    expect(result.body).toEqual(JSON.parse(RECORDED.notFound));
    expect(result.body.message).toBe('Not Found');
    expect(result.body.code).toBeUndefined();
    expect(result.body.documentation_url).toBe('https://docs.github.com/rest/releases/releases#get-the-latest-release');
    expect(result.text).toBe(RECORDED.notFound);
  });

  it('recorded 401 and 422 on a declared 4xx:Error: the typed error result with message and the other keys', async () => {
    const unauthorized = await replaying(401, RECORDED.badCredentials).root.foreignErrors({ path: { kind: 'x' } });
    expect(unauthorized).toMatchObject({ status: 401, body: { message: 'Bad credentials', status: '401' }, text: RECORDED.badCredentials });
    const invalid = await replaying(422, RECORDED.validationFailed).root.foreignErrors({ path: { kind: 'x' } });
    expect(invalid).toMatchObject({ status: 422, body: JSON.parse(RECORDED.validationFailed), text: RECORDED.validationFailed });
  });

  it('a recorded 404 on a route that declares no 404: FwHttpError with status, message and the body', async () => {
    const error = await replaying(404, RECORDED.notFound)
      .root.getScalars({ path: { sample: 'zero' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FwHttpError);
    expect(error).toMatchObject({ status: 404, message: 'Not Found', code: undefined, body: JSON.parse(RECORDED.notFound) });
  });

  it('a 204 with no body on a route declaring 204:NoContent, and on a 2xx route: { status, headers }', async () => {
    const star = await replaying(204, null).root.noContentRoute();
    expect(star).toEqual({ status: 204, headers: expect.any(Headers) });
    const success = await replaying(204, null).root.successRoute();
    expect(success).toEqual({ status: 204, headers: expect.any(Headers) });
  });

  it('an HTML page from a proxy on a declared 5xx:Error: the typed error result with its text', async () => {
    const page =
      '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>';
    const result = await replaying(503, page, 'text/html').root.foreignErrors({ path: { kind: 'x' } });
    expect(result).toEqual({ status: 503, body: {}, text: page, headers: expect.any(Headers) });
  });
});
