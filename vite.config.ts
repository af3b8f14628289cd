import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // amazon-cognito-identity-js bundles `buffer`, which reads `global`.
  define: { global: 'globalThis' },
  build: { sourcemap: false, target: 'es2022' },
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
});
