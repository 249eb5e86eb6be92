// Stylesheets imported by the console's modules are bundled by Vite.
declare module '*.css';
