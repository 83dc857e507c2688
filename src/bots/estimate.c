/* Means, paired differences and proportions with their 95 % confidence intervals. */
#include "bots/estimate.h"
#include <math.h>

/* Two-sided 95 % quantiles of Student's t, df = 1..30. */
static const double t95[] = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

double estimate_t95(size_t df)
{
    if (df == 0)
        return INFINITY;
    if (df <= sizeof t95 / sizeof t95[0])
        return t95[df - 1];
    if (df <= 60)
        return 2.000 + (2.042 - 2.000) * (double)(60 - df) / 30.0;
    if (df <= 120)
        return 1.980 + (2.000 - 1.980) * (double)(120 - df) / 60.0;
    return 1.960;
}

double estimate_t_quantile(double alpha, size_t df)
{
    if (df == 0)
        return INFINITY;
    /* z with erfc(z / sqrt 2) = alpha, by bisection (erfc falls monotonically). */
    double lo = 0, hi = 40;
    for (int k = 0; k < 100; k++) {
        double mid = (lo + hi) / 2;
        if (erfc(mid / sqrt(2.0)) > alpha)
            lo = mid;
        else
            hi = mid;
    }
    double z = (lo + hi) / 2, v = (double)df;
    return z + (z * z * z + z) / (4 * v) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v);
}

/* Welford's running mean and sum of squares: stable when the values are large and close. */
static struct estimate finish(double mean, double m2, size_t n)
{
    struct estimate e = {n, mean, 0, 0, mean, mean};
    if (n < 2)
        return e;
    e.sd = sqrt(m2 / (double)(n - 1));
    e.se = e.sd / sqrt((double)n);
    double h = estimate_t95(n - 1) * e.se;
    e.low = mean - h;
    e.high = mean + h;
    return e;
}

struct estimate estimate_mean(const double *x, size_t n)
{
    double mean = 0, m2 = 0;
    for (size_t i = 0; i < n; i++) {
        double d = x[i] - mean;
        mean += d / (double)(i + 1);
        m2 += d * (x[i] - mean);
    }
    return finish(mean, m2, n);
}

struct estimate estimate_paired(const double *a, const double *b, size_t n)
{
    double mean = 0, m2 = 0;
    for (size_t i = 0; i < n; i++) {
        double v = a[i] - b[i], d = v - mean;
        mean += d / (double)(i + 1);
        m2 += d * (v - mean);
    }
    return finish(mean, m2, n);
}

/* Replaces e's interval of a proportion by Wilson's. */
static struct estimate wilson(struct estimate e)
{
    if (e.n == 0)
        return e;
    const double z = 1.959964;
    double nn = (double)e.n, p = e.mean;
    double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
    double half = z / (1 + z * z / nn) * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
    e.low = centre - half < 0 || p <= 0 ? 0 : centre - half;   /* exactly the end at 0 of n or n of n */
    e.high = centre + half > 1 || p >= 1 ? 1 : centre + half;
    return e;
}

struct estimate estimate_proportion(const double *x, size_t n)
{
    return wilson(estimate_mean(x, n));
}

struct estimate estimate_moments(size_t n, double mean, double m2)
{
    return finish(mean, m2, n);
}

struct estimate estimate_share(size_t k, size_t n)
{
    if (n == 0)
        return finish(0, 0, 0);
    double p = (double)k / (double)n;
    return wilson(finish(p, (double)n * p * (1 - p), n));
}

struct estimate estimate_bounded(struct estimate e, double lo, double hi)
{
    if (e.n == 0 || !(hi > lo))
        return e;
    const double z2 = 1.959964 * 1.959964;
    double w = z2 / ((double)e.n + z2);     /* Wilson's upper end for 0 of n */
    double low = e.mean - w * (e.mean - lo), high = e.mean + w * (hi - e.mean);
    e.low = low < e.low ? low : e.low;
    e.high = high > e.high ? high : e.high;
    e.low = e.low < lo ? lo : e.low;
    e.high = e.high > hi ? hi : e.high;
    return e;
}
