/**
 * Header names to judge fw's `header:"..."` check by: `X<c>Y` for every
 * ASCII character but `,` (which ends a tag's name part), and two others.
 */
export const HEADER_NAME_CHARS: readonly string[] = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== ','), 'é', '€'];

/** Whether Node's Fetch `Headers` takes `name` (what the generated client calls on every request). */
export function headersAccept(name: string): boolean {
  try {
    new Headers().set(name, 'x');
    return true;
  } catch {
    return false;
  }
}
