package pgn

// LineWidth is lineWidth for the tests outside the package (which play games through
// tournament, a package that reads this one).
const LineWidth = lineWidth
