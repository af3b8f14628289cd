import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis' },
  test: {
    include: ['tests/{unit,views,server}/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 20_000,
    restoreMocks: true,
  },
});
