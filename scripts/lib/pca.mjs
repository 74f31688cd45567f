// Principal component analysis for the static table: covariance of the centred rows, then a
// cyclic Jacobi eigendecomposition (exact and simple for the teacher's 512 dims; a few seconds).

/**
 * @param {Float32Array[]} rows  n vectors of equal length d
 * @param {number} k             components to keep (<= d)
 * @returns {{mean: Float64Array, components: Float64Array[], variances: number[]}}
 *   components are unit-length, by decreasing variance
 */
export function pca(rows, k) {
  const n = rows.length;
  const d = rows[0].length;
  const mean = new Float64Array(d);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j] += r[j] / n;
  // Covariance, upper triangle accumulated row by row (cache-friendly), then mirrored.
  const cov = new Float64Array(d * d);
  const c = new Float64Array(d);
  for (const r of rows) {
    for (let j = 0; j < d; j++) c[j] = r[j] - mean[j];
    for (let a = 0; a < d; a++) {
      const ca = c[a];
      const base = a * d;
      for (let b = a; b < d; b++) cov[base + b] += ca * c[b];
    }
  }
  for (let a = 0; a < d; a++) {
    for (let b = a; b < d; b++) {
      cov[a * d + b] /= n - 1;
      cov[b * d + a] = cov[a * d + b];
    }
  }
  const { values, vectors } = jacobiEigen(cov, d);
  const order = Array.from(values.keys()).sort((x, y) => values[y] - values[x]).slice(0, k);
  return {
    mean,
    components: order.map((i) => Float64Array.from({ length: d }, (_, j) => vectors[j * d + i])),
    variances: order.map((i) => values[i]),
  };
}

/**
 * Eigenvalues and eigenvectors (columns of `vectors`) of a symmetric d x d matrix, row-major.
 * @param {Float64Array} m  destroyed
 * @param {number} d
 */
export function jacobiEigen(m, d) {
  const v = new Float64Array(d * d);
  for (let i = 0; i < d; i++) v[i * d + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < d; p++) for (let q = p + 1; q < d; q++) off += m[p * d + q] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < d - 1; p++) {
      for (let q = p + 1; q < d; q++) {
        const apq = m[p * d + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (m[q * d + q] - m[p * d + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1);
        const sn = t * cs;
        // Rotate rows/columns p and q of m, and columns p and q of v.
        for (let k = 0; k < d; k++) {
          const mkp = m[k * d + p];
          const mkq = m[k * d + q];
          m[k * d + p] = cs * mkp - sn * mkq;
          m[k * d + q] = sn * mkp + cs * mkq;
        }
        for (let k = 0; k < d; k++) {
          const mpk = m[p * d + k];
          const mqk = m[q * d + k];
          m[p * d + k] = cs * mpk - sn * mqk;
          m[q * d + k] = sn * mpk + cs * mqk;
        }
        for (let k = 0; k < d; k++) {
          const vkp = v[k * d + p];
          const vkq = v[k * d + q];
          v[k * d + p] = cs * vkp - sn * vkq;
          v[k * d + q] = sn * vkp + cs * vkq;
        }
      }
    }
  }
  return { values: Array.from({ length: d }, (_, i) => m[i * d + i]), vectors: v };
}
