import type { GoTypeExpr } from './ast';

/** A type expression as Go source, for messages. */
export function describeExpr(t: GoTypeExpr): string {
  switch (t.kind) {
    case 'ident':
      return t.name;
    case 'qualified':
      return `${t.pkg}.${t.name}`;
    case 'pointer':
      return `*${describeExpr(t.elem)}`;
    case 'slice':
      return `[]${describeExpr(t.elem)}`;
    case 'array':
      return `[${t.length}]${describeExpr(t.elem)}`;
    case 'map':
      return `map[${describeExpr(t.key)}]${describeExpr(t.value)}`;
    case 'struct':
      return 'struct{...}';
    case 'interface':
      return t.empty ? 'interface{}' : 'interface{...}';
    case 'generic':
      return `${describeExpr(t.base)}[${t.args.map(describeExpr).join(', ')}]`;
    case 'func':
      return 'func(...)';
    case 'chan':
      return 'chan';
    case 'unsupported':
      return t.text;
  }
}
