// Stylesheets are emitted as files (asset/resource); importing one gives its URL.
declare module '*.css' {
  const url: string;
  export default url;
}
