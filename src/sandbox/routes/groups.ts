import type { Router } from '../http.js';

export function register(_router: Router): void {}
