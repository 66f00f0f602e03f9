import * as path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/golden';

/**
 * The JSDoc of the golden example client as TypeScript itself reads it
 * (the type checker an editor's hover uses): the handler's whole doc
 * comment with its preformatted block, the route's method and pattern,
 * `@deprecated` from Go's `Deprecated:` paragraph, and Go field comments on
 * properties — also on the types zod infers (`z.infer`, `z.input`), which
 * is where an application meets them.
 */
const CLIENT = path.join(REPO_ROOT, 'fixtures/example/web/src/api/client.ts');

describe('JSDoc of the golden example client, read by the TypeScript checker', () => {
  let checker: ts.TypeChecker;
  let exports: Map<string, ts.Symbol>;

  beforeAll(() => {
    const program = ts.createProgram([CLIENT], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    checker = program.getTypeChecker();
    const file = program.getSourceFile(CLIENT)!;
    exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).map((s) => [s.name, s]));
  });

  const doc = (symbol: ts.Symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const tags = (symbol: ts.Symbol) => symbol.getJsDocTags(checker).map((t) => [t.name, ts.displayPartsToString(t.text)]);
  /** The symbol of a property reached from an exported type through `keys`. */
  const property = (typeName: string, ...keys: string[]) => {
    let symbol = exports.get(typeName)!;
    let type = checker.getDeclaredTypeOfSymbol(symbol);
    for (const key of keys) {
      symbol = checker.getPropertyOfType(checker.getNonNullableType(type), key)!;
      expect(symbol, `${typeName}.${keys.join('.')}`).toBeDefined();
      type = checker.getTypeOfSymbol(symbol);
    }
    return symbol;
  };

  it('a function and its class method carry the whole handler comment, the method and pattern, and @deprecated', () => {
    const method = checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(exports.get('V1UserClient')!), 'getUserByName')!;
    for (const symbol of [exports.get('v1UserGetUserByName')!, method]) {
      expect(doc(symbol)).toBe(
        [
          'GetUserByName finds a user by display name, which may hold any character.',
          '',
          'The name is one path segment, escaped:',
          '',
          '```',
          'GET /users/by-name/Ada%20Lovelace',
          '```',
          '',
          '`GET /users/by-name/{name}`',
        ].join('\n'),
      );
      expect(tags(symbol)).toEqual([['deprecated', 'names are not unique; use ListUsers with q.']]);
    }
    expect(tags(exports.get('v1UserGetUser')!)).toEqual([]);
  });

  it('Go field comments document the properties of inferred types, with @deprecated', () => {
    expect(doc(property('User', 'name'))).toBe('Name is the display name; it may hold any character.');
    expect(doc(property('User', 'email'))).toBe('unique among users');
    expect(doc(property('V1UserListUsersRequest', 'query', 'q'))).toBe('Q is matched against names and emails, ignoring case.');
    const tagsField = property('V1UserCreateUserRequest', 'body', 'tags');
    expect(doc(tagsField)).toBe('Tags label the new user.');
    expect(tags(tagsField)).toEqual([['deprecated', 'tags are set by admins; this field will be ignored.']]);
    expect(doc(property('User', 'id'))).toBe('');
  });
});
