// Transcript text ends up in messages, and a transcript can hold anything a tool printed, including terminal escape
// sequences. Printed raw, they could recolour, rewrite or hide parts of the report (or worse, on some terminals).
// Every control character except newline and tab is shown as a visible escape instead.

// C0 controls but \t and \n, DEL, C1 controls, the line and paragraph separators (which some terminals and viewers
// break lines at), and the bidirectional overrides that can reorder what is shown.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function neutralize(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
