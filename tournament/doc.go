// Package tournament owns self-play: the schedule of games (self-play, round-robin,
// gauntlet; colour-swapped pairs per opening), openings (including one balanced opening per
// pair for deterministic players), playing one game, running many in parallel with resume,
// sharding and one writer per folder, merging a run's shards, adjudication by the tables,
// extracting positions from records (written to a new file, never over one), and the
// settings commands give, checked and named in errors (SettingError: a run's, the sets
// and test of a statistics request). A run is asked for as a Request (or a Config,
// the request that run.json records); NewPlan checks it and parses it once into the Plan
// the run plays from, leaving the request as it was. The records it writes are package
// record's; the statistics of a run, package summary's.
//
// Every game is a pure function of its players' specs, its opening, its seed and the
// rules, so a run's games do not depend on concurrency, scheduling, interruption or
// sharding: game i of a run is the same game wherever and whenever it is played.
package tournament
