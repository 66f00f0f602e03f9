import { describe, expect, it } from 'vitest';
import { isGoIdentifier } from '../../src/go/names';
import { groupNameForFunctions, groupNameForType, isExported, lowerFirst, pascalCasePath, upperFirst } from '../../src/model/naming';

describe('pascalCasePath', () => {
  it.each([
    ['admin', 'Admin'],
    ['admin/users', 'AdminUsers'],
    ['admin/billing-v2', 'AdminBillingV2'],
    ['snake_case/dotted.name', 'SnakeCaseDottedName'],
    ['a--b__c..d', 'ABCD'],
    ['admin\\win', 'AdminWin'],
    ['/leading/trailing/', 'LeadingTrailing'],
    ['v1', 'V1'],
    ['alreadyCamel', 'AlreadyCamel'],
    ['über/straße', 'ÜberStraße'],
    ['', ''],
  ])('%j → %j', (input, out) => {
    expect(pascalCasePath(input)).toBe(out);
  });
});

describe('upperFirst / lowerFirst', () => {
  it.each([
    ['user', 'User'],
    ['User', 'User'],
    ['über', 'Über'],
    ['', ''],
  ])('upperFirst(%j) → %j', (input, out) => {
    expect(upperFirst(input)).toBe(out);
  });

  it.each([
    ['User', 'user'],
    ['GetUser', 'getUser'],
    ['getUser', 'getUser'],
    ['ID', 'id'],
    ['IDs', 'ids'],
    ['URLs', 'urls'],
    ['URLsByID', 'urlsByID'],
    ['HTTPStatus', 'httpStatus'],
    ['URLPath', 'urlPath'],
    ['HTTP2Server', 'http2Server'],
    ['X509Cert', 'x509Cert'],
    ['UserID', 'userID'],
    ['MyURL', 'myURL'],
    ['OAuth', 'oAuth'],
    ['A', 'a'],
    ['AB', 'ab'],
    ['As', 'as'],
    ['Über', 'über'],
    ['', ''],
  ])('lowerFirst(%j) → %j', (input, out) => {
    expect(lowerFirst(input)).toBe(out);
  });
});

describe('groupNameForType', () => {
  it.each([
    ['UserHandler', '', 'User'],
    ['UserHandler', 'admin', 'AdminUser'],
    ['UserHandler', 'admin/billing-v2', 'AdminBillingV2User'],
    ['Users', '', 'Users'],
    ['Handler', '', 'Handler'],
    ['Handler', 'admin', 'AdminHandler'],
    ['HandlerHandler', '', 'Handler'],
    ['UserHandlers', '', 'UserHandlers'],
    ['userHandler', '', 'User'],
    ['userHandler', 'admin', 'AdminUser'],
    ['ÜberHandler', 'straße', 'StraßeÜber'],
    // No stutter: the last subfolder segment is not repeated when the name starts with it as a word.
    ['PullsHandler', 'pulls', 'Pulls'],
    ['AdminUserHandler', 'admin', 'AdminUser'],
    ['AdminHandler', 'admin', 'Admin'],
    ['Admin2Handler', 'admin', 'Admin2'],
    ['AdministratorHandler', 'admin', 'AdminAdministrator'],
    ['BillingV2InvoiceHandler', 'admin/billing-v2', 'AdminBillingV2Invoice'],
    ['AdminUserHandler', 'admin/users', 'AdminUsersAdminUser'],
    ['UsersHandler', 'api/users', 'ApiUsers'],
    ['pullsHandler', 'pulls', 'Pulls'],
  ])('%s in %j → %s', (type, relDir, out) => {
    expect(groupNameForType(type, relDir)).toBe(out);
  });
});

describe('groupNameForFunctions', () => {
  it.each([
    ['', 'Root'],
    ['admin', 'Admin'],
    ['admin/users', 'AdminUsers'],
    ['billing-v2', 'BillingV2'],
  ])('%j → %s', (relDir, out) => {
    expect(groupNameForFunctions(relDir)).toBe(out);
  });
});

describe('isExported', () => {
  it.each([
    ['User', true],
    ['user', false],
    ['_User', false],
    ['Über', true],
    ['über', false],
    ['Σigma', true],
    ['σigma', false],
    ['ℕat', true],
    ['ǅx', false],
    ['日本', false],
    ['1A', false],
    ['', false],
  ])('%j → %s', (name, out) => {
    expect(isExported(name)).toBe(out);
  });
});

describe('isGoIdentifier', () => {
  it.each([
    ['User', true],
    ['_', true],
    ['_x1', true],
    ['über', true],
    ['日本', true],
    ['1a', false],
    ['a-b', false],
    ['a.b', false],
    ['type', false],
    ['func', false],
    ['', false],
  ])('%j → %s', (name, out) => {
    expect(isGoIdentifier(name)).toBe(out);
  });
});
