import * as fs from 'node:fs';
import * as path from 'node:path';
import Handlebars from 'handlebars';

/**
 * Loads and compiles the handlebars templates of src/emit/templates (copied
 * to dist/emit/templates by the build) once per process. Templates only
 * print a view model; every decision is made in TypeScript before.
 */
const hbs = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();
const templatesDir = path.join(__dirname, 'templates');
let partialsLoaded = false;

function loadPartials(): void {
  if (partialsLoaded) return;
  partialsLoaded = true;
  for (const name of fs.readdirSync(templatesDir)) {
    if (name.startsWith('_') && name.endsWith('.hbs')) {
      hbs.registerPartial(name.slice(1, -'.hbs'.length), fs.readFileSync(path.join(templatesDir, name), 'utf8'));
    }
  }
}

/** Renders `templates/<name>` with `view`. Partials are the files named `_<partial>.hbs`. */
export function render(name: string, view: object): string {
  loadPartials();
  let template = compiled.get(name);
  if (!template) {
    template = hbs.compile(fs.readFileSync(path.join(templatesDir, name), 'utf8'), { noEscape: true, strict: true });
    compiled.set(name, template);
  }
  return template(view);
}
