/**
 * `--help` (or `-h`) for the repository's command-line tools: the tool's usage and exit codes on stdout and
 * exit 0, before it starts anything. test/unit/cli-help.test.ts runs every tool this way.
 */
export function answerHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  console.log(usage);
  process.exit(0);
}

/** For a tool that takes no arguments: anything given is a usage error (exit 2), not silently ignored. */
export function refuseArguments(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (argv.length === 0) return;
  console.error(`unexpected argument: ${argv[0]}\n\n${usage}`);
  process.exit(2);
}
