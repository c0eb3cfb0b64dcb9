// Package report owns the step from game records to what a person reads: it loads
// games.jsonl files or run folders (with their run.json), groups games (by matchup, player
// or opening), turns a run's [summary.Summary] into tables (standings, head to head,
// ratings, first-move advantage, game lengths, distinct games) with the method of every
// interval named, gathers the warnings (dropped records, repeated games, capped games),
// builds the four charts of package stats/chart, and renders all of it as plain-text
// tables, chart files (the plot command and --plots) or one self-contained HTML page
// (the report command and --report), which ends with a viewer of the run's notable games
// (the longest, the shortest, the forfeits, a seeded sample) replayed ply by ply on a
// board of package stats/chart/board.
//
// Commands only parse flags, call this package and print; the statistics themselves are
// package summary's and package stats', the drawing package stats/chart's.
package report
