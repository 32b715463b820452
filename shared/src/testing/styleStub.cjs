// Stands in for style imports under Jest: class names are not what tests check.
module.exports = {};
