import { describe, expect, it } from 'vitest';
import { type Diagnostic, error, warning } from '../../src/diagnostics/diagnostics';
import { escapeData, escapeProperty } from '../../src/diagnostics/github-report';
import { brokenBudget, GROUP_AFTER, groupDiagnostics } from '../../src/diagnostics/run-report';

const at = (line: number) => ({ file: '/w/a.go', line, col: 1 });
const warnings = (n: number): Diagnostic[] => Array.from({ length: n }, (_, i) => warning('FW4040', at(i + 1), 'unbound'));

describe('groupDiagnostics', () => {
  it(`lists a warning kind given up to ${GROUP_AFTER} times one by one, and groups it from ${GROUP_AFTER + 1} on`, () => {
    expect(groupDiagnostics(warnings(GROUP_AFTER)).map((g) => g.more.length)).toEqual(Array(GROUP_AFTER).fill(0));
    const grouped = groupDiagnostics(warnings(GROUP_AFTER + 1));
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.diagnostic.pos?.line).toBe(1);
    expect(grouped[0]!.more.map((d) => d.pos?.line)).toEqual([2, 3, 4]);
  });

  it('never groups errors, keeps the order, and lists everything with verbose', () => {
    const errors = Array.from({ length: 10 }, (_, i) => error('FW3010', at(i + 1), 'unknown key'));
    const mixed = [...errors.slice(0, 5), ...warnings(8), ...errors.slice(5)];
    const grouped = groupDiagnostics(mixed);
    expect(grouped.map((g) => `${g.diagnostic.code}+${g.more.length}`)).toEqual([...Array(5).fill('FW3010+0'), 'FW4040+7', ...Array(5).fill('FW3010+0')]);
    expect(groupDiagnostics(mixed, true)).toHaveLength(mixed.length);
  });
});

describe('brokenBudget', () => {
  it('breaks --max-warnings only above the number, and --warnings-as-errors at the first warning', () => {
    expect(brokenBudget(warnings(2), { maxWarnings: 2 })).toBeUndefined();
    expect(brokenBudget(warnings(3), { maxWarnings: 2 })).toBe('more than --max-warnings 2');
    expect(brokenBudget([], { warningsAsErrors: true })).toBeUndefined();
    expect(brokenBudget(warnings(1), { warningsAsErrors: true })).toBe('warnings count as errors (--warnings-as-errors)');
  });
});

describe('workflow-command escapes', () => {
  it('percent-encode what the runner decodes, and show other control characters', () => {
    expect(escapeData('100% done\r\nnext ::error::x')).toBe('100%25 done%0D%0Anext ::error::x');
    expect(escapeProperty('a,b:c%d\ne.go')).toBe('a%2Cb%3Ac%25d%0Ae.go');
    expect(escapeProperty('\u001b[31mred')).toBe('\\u001b[31mred');
  });
});
