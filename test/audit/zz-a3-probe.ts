const x: number = "s"; export {};
