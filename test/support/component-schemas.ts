import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The component schemas of an OpenAPI 3.1 document as validators, by
 * component name: ajv with JSON Schema 2020-12 (OpenAPI 3.1's dialect) and
 * ajv-formats (date-time, byte, int32/int64, binary). The judge of what a
 * document's schemas accept, beside the client's zod schemas.
 */
export function componentValidators(doc: { components: unknown }): (name: string) => (v: unknown) => boolean {
  // ownProperties: a JSON object has no prototype, so `{}` has no `constructor` key (ajv reads inherited members by default).
  const ajv = new Ajv2020({ strict: true, allErrors: false, ownProperties: true });
  addFormats(ajv);
  ajv.addKeyword('components');
  ajv.addSchema({ $id: 'https://fw.invalid/openapi', components: doc.components });
  return (name) => {
    const validate = ajv.getSchema(`https://fw.invalid/openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`no component ${name}`);
    return (v) => validate(v) === true;
  };
}
