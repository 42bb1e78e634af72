#!/usr/bin/env node
// Thin launcher: main() holds all the logic, never throws, and returns the exit code. Setting exitCode (instead of
// calling process.exit) lets piped output drain. A closed pipe (`| head`) is not an error worth a stack trace.
import { tuneV8ForCli } from '../dist/bundle/v8-tuning.js';

// Before the rest is loaded: see v8-tuning.ts.
tuneV8ForCli();
const { default: main } = await import('../dist/bundle/cli.js');

// stdin is touched only when `-` asks for it, so a run on files never opens it.
const stdin = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };
process.stdout.on('error', (err) => { if (err.code !== 'EPIPE') throw err; });
process.exitCode = await main({ argv: process.argv.slice(2), cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, stdoutIsTTY: process.stdout.isTTY === true, stderrIsTTY: process.stderr.isTTY === true, stdin });
