// The insight feature's public face: nothing of it is for other features (the app's routes load its screen).
export {};
