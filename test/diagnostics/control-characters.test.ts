import { describe, expect, it } from 'vitest';
import { escapeControls } from '../../src/diagnostics/control-characters';
import { printable } from '../../src/diagnostics/diagnostics';
import { escapeData } from '../../src/diagnostics/github-report';

/**
 * The one control-character escaper: what it leaves raw is no control
 * character (Unicode's general category Cc, as the regular-expression engine
 * knows it) nor a JavaScript line terminator, and what it writes decodes
 * back to the text (JSON.parse reads the same escapes).
 */
const EVERY = Array.from({ length: 0x3000 }, (_, i) => String.fromCharCode(i)).join('');
const UNSAFE = /[\p{Cc}\u2028\u2029]/u;

describe('escapeControls', () => {
  it('leaves no control character or line terminator raw but those kept, and decodes back to the text', () => {
    for (const how of [{}, { keep: '\t' }, { keep: '\n\r' }, { named: { '\n': '\\n' } }]) {
      const escaped = escapeControls(EVERY.replace(/["\\]/g, ''), how);
      const raw = [...escaped].filter((c) => UNSAFE.test(c));
      expect(raw.join('')).toBe(how.keep ?? '');
      const kept = escaped.replace(/[\t\n\r]/g, (c) => JSON.stringify(c).slice(1, -1));
      expect(JSON.parse(`"${kept}"`)).toBe(EVERY.replace(/["\\]/g, ''));
    }
  });

  it('escapes the BOM only when asked', () => {
    expect(escapeControls('\ufeff')).toBe('\ufeff');
    expect(escapeControls('\ufeff', { bom: true })).toBe('\\ufeff');
  });

  it('is what diagnostics and GitHub workflow commands print: a tab stays in a diagnostic, LF and CR are percent-encoded in a command', () => {
    expect(printable('a\tb\nc\u001b[31m\u2028')).toBe('a\tb\\nc\\u001b[31m\\u2028');
    expect(escapeData('a\tb\nc\u001b')).toBe('a\\u0009b%0Ac\\u001b');
  });
});
