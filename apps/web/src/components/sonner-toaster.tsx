// Sonner's stylesheet as a file of the app's own: the page's Content-Security-Policy refuses the
// `<style>` element sonner would write it into (build/sonner-stylesheet.ts).
import 'sonner/dist/styles.css';

export { Toaster as SonnerToaster } from 'sonner';
