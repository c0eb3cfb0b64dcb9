// Package chart draws the charts of the fanorona toolkit with gonum/plot, the only
// package of the project that imports it. It sits on package stats and takes plain
// values only (names, plies, stats.WDL, stats.Estimate, sizes), never game records.
//
// Each chart comes as a pair of pure functions: a builder that checks the input and
// computes what is plotted (bins, counts, shares, interval ends), which tests can check
// against hand counts, and a plotter that turns that data into a [Figure]:
//
//   - game lengths: [BuildLengthHist] and [PlotLengthHist] (one panel per group, shared
//     bins, quantile markers, capped games in a bar set apart), [BuildLengthCDF] and
//     [PlotLengthCDF] (cumulative curves overlaid);
//   - first-move advantage: [BuildFirstMove] and [PlotFirstMove];
//   - ratings: [BuildRatings] and [PlotRatings];
//   - pairwise results: [BuildMatrix] and [PlotMatrix];
//   - proof sizes: [BuildProofSizes] and [PlotProofSizes] (certificate bytes against pieces
//     on the board, and the share proven).
//   - training of the learned evaluation: [BuildLossCurve] and [PlotLossCurve] (training
//     and validation loss by epoch, the kept epoch marked).
//
// A Figure is saved as PNG or SVG, chosen by the file extension ([FormatOf],
// [Figure.Encode]); its default size is 20×12 cm (taller for many groups), PNGs at
// [DPI] dots per inch. All text is set in Liberation Sans, embedded in gonum/plot, so the
// SVG output is byte-for-byte the same on every machine.
package chart
