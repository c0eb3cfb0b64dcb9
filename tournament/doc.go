// Package tournament owns self-play: the schedule of games (self-play, round-robin,
// gauntlet; colour-swapped pairs per opening), openings, playing one game, running many in
// parallel with resume and sharding, the games.jsonl records, and the summary of a run.
//
// Every game is a pure function of its players' specs, its opening, its seed and the
// rules, so a run's games do not depend on concurrency, scheduling, interruption or
// sharding: game i of a run is the same game wherever and whenever it is played.
package tournament
