// Package play owns a game at one board between people and players: whose turn it is,
// the computer's turns, hints, the legal turns, and a person's turn entered step by step
// (Entry). It reads and writes no terminal: the play command prompts, draws and reads.
package play
