import { createConfig, lint } from '@redocly/openapi-core';

/**
 * Redocly's linter (@redocly/openapi-core) with its `recommended` rules: the
 * outside judge of the OpenAPI documents fw writes. One rule is off:
 * `no-path-trailing-slash`, because a Go pattern ending in `{$}` matches
 * exactly the path with the trailing slash (`GET /v2/{$}` is `/v2/`), which
 * the document must say as it is.
 */
export async function lintOpenApi(file: string, extraRules: Record<string, 'off'> = {}): Promise<{ errors: string[]; warnings: string[] }> {
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off', ...extraRules } });
  const problems = await lint({ ref: file, config });
  const format = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`;
  return {
    errors: problems.filter((p) => p.severity === 'error').map(format),
    warnings: problems.filter((p) => p.severity === 'warn').map(format),
  };
}
