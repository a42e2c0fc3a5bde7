// Radix's menu (with Floating UI and its focus and scroll handling), in a chunk of its own: see DropdownMenu.tsx.
export { DropdownMenu as Radix } from 'radix-ui';
