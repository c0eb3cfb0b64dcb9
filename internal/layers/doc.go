// Package layers holds no code: its test reads the module's import graph and fails on an
// import that runs from a lower folder to a higher one (docs/DESIGN.md's layering).
package layers
