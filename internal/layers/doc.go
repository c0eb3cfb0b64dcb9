// Package layers holds no code: its test reads the module's import graph and fails on an
// import that runs from a lower folder to a higher one (README.md,
// Layout: engine and internal at the bottom, the command at the top)..
package layers
