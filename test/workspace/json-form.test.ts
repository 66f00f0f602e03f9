import { describe, expect, it } from 'vitest';
import { directiveForm, docWithoutDirective, formProblem, formValueProblem } from '../../src/workspace/json-form';

describe('the fw:json directive on a type declaration', () => {
  it('is absent from a doc without it', () => {
    expect(directiveForm(['User is a user.', 'fw:jsonx type=string', 'see fw:json type=string'])).toBeUndefined();
  });

  it('reads type, format and nullable as key=value words', () => {
    expect(directiveForm(['Money is a sum.', '', 'fw:json type=string'])).toEqual({ form: { type: 'string' } });
    expect(directiveForm(['fw:json   type=string  format=date-time nullable=true'])).toEqual({ form: { type: 'string', format: 'date-time', nullable: true } });
    expect(directiveForm(['fw:json type=integer nullable=false'])).toEqual({ form: { type: 'integer', nullable: false } });
    for (const type of ['number', 'boolean', 'unknown']) expect(directiveForm([`fw:json type=${type}`])).toEqual({ form: { type } });
  });

  it('says what is wrong, with the near spelling where there is one', () => {
    expect(directiveForm(['fw:json'])).toEqual({ problem: 'a form needs a type (one of string, number, integer, boolean, unknown)' });
    expect(directiveForm(['fw:json type=strng'])).toEqual({
      problem: 'type must be one of string, number, integer, boolean, unknown, not "strng" (did you mean string?)',
    });
    expect(directiveForm(['fw:json typ=string'])).toEqual({ problem: 'unknown key "typ" (did you mean type?); a form has type, format, nullable' });
    expect(directiveForm(['fw:json type=integer format=date-time'])).toEqual({ problem: 'format applies to type string only, not to integer' });
    expect(directiveForm(['fw:json type=string format=uuid'])).toEqual({ problem: 'format must be one of date-time, not "uuid"' });
    expect(directiveForm(['fw:json type=string nullable=yes'])).toEqual({ problem: 'nullable must be true or false' });
    expect(directiveForm(['fw:json string'])).toEqual({ problem: '"string" is not key=value' });
    expect(directiveForm(['fw:json type=string type=number'])).toEqual({ problem: 'type is given twice' });
    expect(directiveForm(['fw:json type=string', 'fw:json type=number'])).toEqual({ problem: 'more than one fw:json line' });
  });

  it('is left out of the description, with the blank lines that set it apart', () => {
    expect(docWithoutDirective(['Money is a sum.', '', 'fw:json type=string'])).toEqual(['Money is a sum.']);
    expect(docWithoutDirective(['fw:json type=string', '', 'Money is a sum.'])).toEqual(['Money is a sum.']);
    const doc = ['Money is a sum.'];
    expect(docWithoutDirective(doc)).toBe(doc);
  });

  it('checks each key the config file shares with it', () => {
    expect(formValueProblem('nullable', true)).toBeUndefined();
    expect(formValueProblem('type', 3)).toBe('type must be one of string, number, integer, boolean, unknown, not 3');
    expect(formProblem({ format: 'date-time' })).toContain('a form needs a type');
  });
});
