/**
 * Root finding for RATE, IRR, XIRR and the inverse schedule solvers.
 *
 * Newton from the caller's guess first (it is what Excel does, so where several roots exist we land
 * on Excel's one); if Newton leaves the domain, stalls or diverges, scan a fixed grid of rates for
 * sign changes, take the bracket nearest to the guess and finish with Brent's method, which cannot
 * fail on a bracket. No bracket and no Newton root means there is no solution, said explicitly.
 */
import { FinanceError } from './errors';

/**
 * Evaluates the function at `x`; writes f(x) to out[0], f'(x) to out[1] and the sum of the absolute
 * values of the terms to out[2] (the scale a residual is judged against).
 */
export type RootFunction = (x: number, out: Float64Array) => void;

const scratch = new Float64Array(3);

// Rates tried when looking for a bracket: dense near zero (where leases live), sparse towards the
// ends of the domain (−100 %, +∞).
const GRID: readonly number[] = [
  -0.999999, -0.9999, -0.999, -0.99, -0.98, -0.95, -0.9, -0.85, -0.8, -0.75, -0.7, -0.65, -0.6, -0.55, -0.5, -0.45, -0.4, -0.35, -0.3,
  -0.25, -0.2, -0.15, -0.1, -0.075, -0.05, -0.04, -0.03, -0.02, -0.015, -0.01, -0.0075, -0.005, -0.0025, -0.001, -0.0001, 0, 0.0001, 0.001,
  0.0025, 0.005, 0.0075, 0.01, 0.0125, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.06, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6,
  0.75, 1, 1.25, 1.5, 2, 3, 5, 7.5, 10, 20, 50, 100, 1000, 1e4, 1e5, 1e6,
];

function evalF(fn: RootFunction, x: number): number {
  fn(x, scratch);
  const f = scratch[0]!;
  return Number.isFinite(f) && Number.isFinite(scratch[2]!) ? f : Number.NaN;
}

/** Newton iterations from `guess` inside (lo, ∞); returns the root or NaN when Newton does not converge there. */
export function newton(fn: RootFunction, guess: number, lo: number, maxIter = 60): number {
  let x = guess;
  for (let i = 0; i < maxIter; i++) {
    fn(x, scratch);
    const f = scratch[0]!;
    const d = scratch[1]!;
    const s = scratch[2]!;
    if (!Number.isFinite(f) || !Number.isFinite(d) || !Number.isFinite(s)) return Number.NaN;
    if (f === 0) return x;
    if (d === 0) return Number.NaN;
    const step = f / d;
    let nx = x - step;
    // A step past the domain edge is halved towards it instead of being thrown away: Newton from a
    // far guess on an IRR polynomial often overshoots below −100 %.
    if (!(nx > lo)) nx = (x + lo) / 2;
    if (Math.abs(nx - x) <= 1e-13 * Math.max(1, Math.abs(x))) {
      // Converged steps with a large residual mean Newton is creeping into a pole, not onto a root.
      return Math.abs(f) <= 1e-8 * s ? nx : Number.NaN;
    }
    x = nx;
  }
  return Number.NaN;
}

/** Brent's method on a bracket [a, b] with f(a)·f(b) ≤ 0. */
export function brent(fn: RootFunction, a: number, b: number, fa0?: number, fb0?: number): number {
  let fa = fa0 ?? evalF(fn, a);
  let fb = fb0 ?? evalF(fn, b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 0; i < 300; i++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 1e-18;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = evalF(fn, b);
    if (Number.isNaN(fb)) return Number.NaN;
  }
  return b;
}

/**
 * Root of `fn` in (lo, ∞) nearest (in the Newton sense) to `guess`; throws NO_SOLUTION when Newton
 * fails and no sign change exists on the scan grid.
 */
export function solveRoot(fn: RootFunction, guess: number, lo: number, fnName: string): number {
  const g = Number.isFinite(guess) && guess > lo ? guess : 0.1;
  const x = newton(fn, g, lo);
  if (!Number.isNaN(x)) return x;

  const pts: number[] = [];
  for (const p of GRID) if (p > lo) pts.push(p);
  if (!pts.includes(g)) {
    pts.push(g);
    pts.sort((p, q) => p - q);
  }
  let best = Number.NaN;
  let bestDist = Number.POSITIVE_INFINITY;
  let prevX = Number.NaN;
  let prevF = Number.NaN;
  for (const p of pts) {
    const f = evalF(fn, p);
    if (Number.isNaN(f)) {
      prevX = Number.NaN;
      prevF = Number.NaN;
      continue;
    }
    if (f === 0) {
      const dist = Math.abs(p - g);
      if (dist < bestDist) {
        best = p;
        bestDist = dist;
      }
    } else if (!Number.isNaN(prevF) && prevF !== 0 && prevF < 0 !== f < 0) {
      const dist = g < prevX ? prevX - g : g > p ? g - p : 0;
      if (dist < bestDist) {
        const root = brent(fn, prevX, p, prevF, f);
        if (!Number.isNaN(root)) {
          best = root;
          bestDist = dist;
        }
      }
    }
    prevX = p;
    prevF = f;
  }
  if (Number.isNaN(best)) {
    throw new FinanceError('NO_SOLUTION', `${fnName}: no rate above ${lo * 100}% solves the equation for these cash flows`);
  }
  return best;
}
