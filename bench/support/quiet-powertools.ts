/**
 * Imported first by benchmarks that import function modules statically: Powertools reads its settings
 * when its modules load, which is before a benchmark's own body runs (ES imports are evaluated first).
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
process.env.POWERTOOLS_METRICS_DISABLED = 'true';
