#!/usr/bin/env node
// Entry point of the `perpl` command. Subcommands are wired in cli/commands.ts.
console.log('perpl-terminal: the UI is coming.');
