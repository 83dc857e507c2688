/* Estimates from rollouts: the mean of a sample with its standard error and 95 % confidence
 * interval (Student's t for small samples), a proportion with its Wilson interval, and the
 * mean difference of two paired samples (common random numbers: sample i of both was drawn
 * with the same seed), whose interval is narrower than either mean's when the pairs move
 * together. Plain arithmetic on arrays: no allocation, no I/O. */
#ifndef PLAY_ESTIMATE_H
#define PLAY_ESTIMATE_H
#include <stddef.h>

struct estimate {
    size_t n;           /* sample size */
    double mean;
    double sd;          /* sample standard deviation (n - 1 in the denominator), 0 when n < 2 */
    double se;          /* standard error of the mean: sd / sqrt(n) */
    double low, high;   /* 95 % confidence interval of the mean; the mean itself when n < 2 */
};

/* The two-sided 95 % quantile of Student's t with df degrees of freedom (1.96 for large df). */
double estimate_t95(size_t df);
/* The two-sided quantile of Student's t with df degrees of freedom for the error rate alpha
 * (0.05: estimate_t95), for the corrected comparisons of many candidates: the normal quantile
 * with the Cornish-Fisher term for df (within 1 % for df >= 30). */
double estimate_t_quantile(double alpha, size_t df);
/* Mean, standard deviation, standard error and 95 % interval of x[0..n-1]. */
struct estimate estimate_mean(const double *x, size_t n);
/* The same for the differences a[i] - b[i], i < n: the paired comparison of two candidates
 * rolled out with the same seeds. */
struct estimate estimate_paired(const double *a, const double *b, size_t n);
/* The Wilson 95 % interval of a proportion from x[0..n-1], each 0..1 (a shared win counts
 * its share); mean and se as estimate_mean. Unlike mean +- 1.96 se it stays inside [0, 1]
 * and does not collapse to a point when every sample is 0 or every one is 1. */
struct estimate estimate_proportion(const double *x, size_t n);
/* The same two from a summary instead of the sample: n values with this mean and sum of
 * squared deviations from it (a histogram's), and k successes out of n (Wilson). */
struct estimate estimate_moments(size_t n, double mean, double m2);
struct estimate estimate_share(size_t k, size_t n);
/* e, a mean of values known to lie in [lo, hi], with its interval widened to take in the
 * mean moved toward either end by Wilson's upper bound of a share never seen in e.n samples
 * (3.84 / (n + 3.84)): outcomes the sample missed, at the far end, move the mean at most that
 * much; then cut to [lo, hi]. It no longer collapses to a point when every sample agrees. */
struct estimate estimate_bounded(struct estimate e, double lo, double hi);

#endif
