// Package board draws Fanorona positions as pictures, SVG and PNG, like the real board: the
// 5×9 grid of lines with the diagonals through the strong points, the 45 points, white and
// black pieces, the coordinates (files a–i, ranks 1–5, rank 5 at the top as in the
// terminal diagram), and optionally one turn drawn on it: the path of the moving piece
// through its chain as an arrow, and the pieces it captures crossed out. The same turn's
// points mark it on the terminal diagram (Marks).
//
// The picture is drawn once, by one function, onto a small painter interface with two
// implementations. The SVG painter writes plain SVG with the standard library, so every
// point can carry its name (data-point="e3") and its piece as a class ("white", "black",
// "empty"): the HTML report's game viewer sets those classes ply by ply, and tests read
// the pieces, the captured marks and the path back from the SVG. gonum/plot's SVG canvas
// cannot attach attributes to what it draws, which is why it is not used for SVG. The PNG
// painter draws the same shapes on gonum/plot's raster canvas (vgimg), with the
// Liberation Sans embedded in gonum/plot for the coordinates, so PNGs need no fonts of the
// machine. Both outputs are the same bytes for the same input.
//
// The package draws only what package engine says: the lines are the engine's neighbour
// tables, the turn's path its steps, the marked pieces its Captured set.
package board
