import * as fs from 'node:fs';
import * as path from 'node:path';
import Handlebars from 'handlebars';

/**
 * Handlebars templates of one generator, kept beside its code (src/emit/<generator>/,
 * copied to dist/ by the build), compiled once per process. Templates only
 * print a view model; every decision is made in TypeScript before.
 */
export type Render = (name: string, view: object) => string;

/** A renderer for the `.hbs` files of `dir`; the files named `_<partial>.hbs` there are its partials. */
export function templatesIn(dir: string): Render {
  const hbs = Handlebars.create();
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  let partialsLoaded = false;
  const loadPartials = (): void => {
    if (partialsLoaded) return;
    partialsLoaded = true;
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith('_') && name.endsWith('.hbs')) {
        hbs.registerPartial(name.slice(1, -'.hbs'.length), fs.readFileSync(path.join(dir, name), 'utf8'));
      }
    }
  };
  return (name, view) => {
    loadPartials();
    let template = compiled.get(name);
    if (!template) {
      // data: false: templates use no @index/@first, and handlebars then builds no data frame per {{#each}} item.
      template = hbs.compile(fs.readFileSync(path.join(dir, name), 'utf8'), { noEscape: true, strict: true, data: false });
      compiled.set(name, template);
    }
    return flat(template(view));
  };
}

/**
 * Handlebars joins its output with `+`, which V8 keeps as a tree of the
 * pieces until the string is first read. Reading it once (as a number)
 * stores it as one flat string, so that the pieces die young instead of
 * being copied around by the garbage collector while the rest renders.
 */
function flat(s: string): string {
  void Number(s);
  return s;
}
