// Stands in for a stylesheet import in component tests: the URL a bundler would emit.
export default 'stylesheet.css';
