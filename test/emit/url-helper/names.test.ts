import { describe, expect, it } from 'vitest';
import { BODY_IDENTIFIERS, groupTypeName, paramName, queryTypeName, urlMethodName } from '../../../src/emit/url-helper/names';

describe('URL helper names', () => {
  it('exports the route name as the method name', () => {
    expect(urlMethodName('GetUser')).toBe('GetUser');
    expect(urlMethodName('static')).toBe('Static');
    expect(urlMethodName('_hidden')).toBe('_hidden');
  });

  it('names the group type and the query type after the group and the route', () => {
    expect(groupTypeName('AdminUser')).toBe('AdminUserURLs');
    expect(queryTypeName('User', 'ListUsers')).toBe('UserListUsersQuery');
    expect(queryTypeName('AdminUser', 'listUsers')).toBe('AdminUserListUsersQuery');
  });

  it('keeps a wildcard name as the parameter name when Go allows it', () => {
    expect(paramName('id', new Set())).toBe('id');
    expect(paramName('userID', new Set(BODY_IDENTIFIERS))).toBe('userID');
  });

  it('suffixes parameter names that are keywords, predeclared, or used by the body', () => {
    expect(paramName('type', new Set())).toBe('typeParam');
    expect(paramName('func', new Set())).toBe('funcParam');
    expect(paramName('string', new Set())).toBe('stringParam');
    expect(paramName('len', new Set())).toBe('lenParam');
    const body = new Set(BODY_IDENTIFIERS);
    for (const name of ['u', 'query', 'err', 'url', 'fmt', 'strconv', 'strings', 'time', 'fwCheckSegment']) expect(paramName(name, body)).toBe(`${name}Param`);
    expect(paramName('models', new Set(['models']))).toBe('modelsParam');
    expect(paramName('u', new Set(['u', 'uParam']))).toBe('uParam2');
  });
});
