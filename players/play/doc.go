// Package play owns a game at one board between people and players: whose turn it is,
// the computer's turns, hints, the legal turns, and a person's turn entered step by step
// (Entry); and a Session, that game played over a reader of typed lines and a writer of
// text (the play command gives it the terminal). Setup makes a Game of the players a
// command names.
package play
