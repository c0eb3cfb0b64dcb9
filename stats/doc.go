// Package stats owns the statistics of the fanorona toolkit: pure maths over
// plain values (ints, float64s and small structs) with no dependency on the
// rest of the project.
//
// It covers
//   - match results: win/draw/loss counts ([WDL]) and colour-swapped game
//     pairs ([Pentanomial]) with score and Elo estimates, likelihood-ratio
//     confidence intervals that never collapse to a point, and the
//     likelihood of superiority ([WDL.LOS]);
//   - repeated, dependent games: cluster-robust score intervals with
//     clusters = openings ([ClusteredScoreInterval], [ClusteredElo]);
//   - sequential testing: Wald's SPRT on the exact generalized
//     log-likelihood ratio, as fishtest and fastchess decide ([SPRT],
//     [SPRTWDL]), and a stopped test's median-unbiased estimate corrected
//     for the stop ([SPRTStopped], [SPRTWDLStopped]);
//   - ratings of many players at once with a fitted first-move advantage
//     ([FitRatings], a Bradley–Terry model with BayesElo's draw model);
//   - the first-move advantage of a colour ([FirstMove]) with exact
//     Clopper–Pearson intervals ([ClopperPearson], [Jeffreys]) and an exact
//     binomial test ([BinomialTest]);
//   - distributions of game lengths ([Lengths], [Summarize], [Histogram]) and
//     their comparison by the two-sample Kolmogorov–Smirnov test ([KS2]),
//     also from counts in constant memory ([LengthCounts], [KS2Counts]).
//
// Elo differences use the logistic model throughout: a rating difference of
// e Elo corresponds to an expected score of 1/(1+10^(-e/400)).
//
// The maths itself (quantiles, moments, distributions, optimisation, linear
// algebra) is delegated to gonum wherever gonum provides it.
//
// Functions taking a confidence level conf (for example 0.95) panic if conf
// is not strictly between 0 and 1.
package stats
