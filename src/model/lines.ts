// The line keys of a JSON document's virtual lines (formats/plain): line 1 holds the request's own fields (its
// "shell": the document without its messages), line k >= 2 message k - 2. Request-level findings and edits name it.
export const SHELL_LINE = 1;
